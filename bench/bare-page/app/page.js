// The Lighthouse baseline (bench/vitals.bench.ts): a bare Next page, what any Next page pays.
export default function Page() {
  return (
    <main>
      <h1>bare</h1>
    </main>
  );
}
