export default function RestrictedPage() {
  return <main><h1>Restricted</h1></main>;
}
