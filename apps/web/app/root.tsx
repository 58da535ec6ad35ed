import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ErrorPage } from "./components/layout/error-page";
import { SiteShell } from "./components/layout/site-shell";
import { ImageBaseContext } from "./components/ui/responsive-image";
import { ToastProvider } from "./components/ui/toast";
import { CartMergeNotice } from "./features/cart/merge-notice";
import { fontFaceCss } from "./lib/fonts";
import { useNonce } from "./lib/nonce";
import { loadShellSession } from "./lib/session.server";
import { loadStoreSettings } from "./lib/store.server";

/**
 * Data every page shares: the store settings (footer, contact details) and the visitor's session
 * (header account menu and cart badge). Other routes read them with useStoreSettings() or
 * useRouteLoaderData("root").
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [store, session] = await Promise.all([
    loadStoreSettings(context),
    loadShellSession(context),
  ]);
  return { store, user: session.user, cartCount: session.cartCount };
}

/**
 * The stylesheet with a React precedence, so that React writes it at the top of the head, before
 * the scripts' modulepreloads: it blocks the first paint and must not queue behind them.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: notFound ? "Page not found · Vastra" : "Something went wrong · Vastra" }];
  }
  return [
    { title: "Vastra · Handpicked Indian fashion" },
    {
      name: "description",
      content: "Sarees, kurtas, lehengas and more, handpicked in India. Shop Vastra online.",
    },
  ];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Not useLoaderData: Layout also renders the error page, when the loader may not have run.
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf7f0" />
        <Meta />
        <style nonce={nonce}>{fontFaceCss}</style>
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <ToastProvider>
          {/* Record 0044: a guest cart held to the stock left on sign-in says so once. */}
          <CartMergeNotice />
          <ImageBaseContext.Provider value={data?.store.imageBaseUrl}>
            <SiteShell
              store={data?.store}
              user={data?.user ?? null}
              cartCount={data?.cartCount ?? 0}
            >
              {children}
            </SiteShell>
          </ImageBaseContext.Provider>
        </ToastProvider>
        {/* Scrolls to the top on every new page; restores the position on back/forward. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return (
        <ErrorPage
          status={404}
          title="We couldn't find that page"
          message="The page you are looking for may have moved or no longer exists. Our collections are just a click away."
        />
      );
    }
    const denied = error.status === 401 || error.status === 403;
    return (
      <ErrorPage
        status={error.status}
        title={denied ? "This page is not available to you" : "Something went wrong"}
        message={
          denied
            ? "Please sign in with an account that may open this page."
            : "We could not complete that request. Please try again in a moment."
        }
      />
    );
  }
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      message="We are sorry: this page could not be shown. Please refresh, or try again in a few minutes."
      details={details}
    />
  );
}
