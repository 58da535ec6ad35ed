import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Vastra — Indian fashion, handpicked" }];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-24">
      <h1 className="font-display text-4xl">Vastra</h1>
      <p className="mt-4 text-stone-600">Handpicked Indian fashion.</p>
    </section>
  );
}
