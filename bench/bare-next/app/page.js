export default function Page() {
  return <main>bare</main>;
}
