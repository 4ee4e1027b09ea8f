import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Ooops! Page not found</h1>
      <p className="text-gray-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/dashboard" className="rounded bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2">
        Back to dashboard
      </Link>
    </main>
  );
}
