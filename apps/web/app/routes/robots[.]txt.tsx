/** /robots.txt: everything may be crawled except the private and development pages. */
import type { Route } from "./+types/robots[.]txt";

const DISALLOWED = ["/admin", "/profile", "/cart", "/checkout", "/orders", "/dev/"];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=86400",
    },
  });
}
