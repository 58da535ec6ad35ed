import { Link } from "react-router";

/**
 * The login page's address that comes back to `returnTo` (a path on this site) once signed in;
 * the login page checks `redirect` itself (safeRedirect), this only builds it.
 */
export function signInHref(returnTo: string): string {
  if (!returnTo.startsWith("/") || returnTo.startsWith("//") || returnTo === "/") return "/login";
  return `/login?${new URLSearchParams({ redirect: returnTo })}`;
}

/** The guest's 'Please login to add items to cart' toast's second line: a way to sign in. */
export function SignInToAdd({ returnTo }: { returnTo: string }) {
  return (
    <Link
      to={signInHref(returnTo)}
      className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
    >
      Sign in
    </Link>
  );
}
