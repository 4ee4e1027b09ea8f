export default function RestrictedNoticePage() {
  return <main><h1>Restricted notice</h1></main>;
}
