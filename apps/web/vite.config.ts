import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks: a page used to load ~50 small modules (an icon, a Radix part, a helper
 * each), and on a phone's connection every request costs a round trip, six at a time. Libraries
 * every page needs are grouped into a few chunks; the routes stay split (the storefront never loads
 * the admin's code or its chart library). Record 0022.
 *
 * Record 0029: the Radix widgets (dialogs, drawers, menus, toasts) are no longer one shared chunk
 * every page loads: their code (components/ui/*-parts.tsx) loads when one is first opened, so it
 * stays out of the `shell` group, and Radix splits by what uses it. So do parts only some pages
 * use (tabs, checkbox, select, the address type chooser of checkout and the address book).
 * The class helpers go with the shell, and what the product list and product pages share (with the
 * icons they use) in `catalogue-pages`. `npm run bundle-sizes` shows each page's total (≤ 140 KB).
 */
const node = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
const shellModule =
  /[\\/]app[\\/](components|lib)[\\/](?!.*(-parts|[\\/]tabs|[\\/]checkbox|[\\/]select|[\\/]address-type-chooser)\.tsx)/;
/**
 * The shared kernel's modules that only some pages use (issue #15: what several features share
 * lives in components/ and lib/, record 0051): not in the shell, so they load with the pages that
 * use them, as they did from their features' folders.
 */
const notShell =
  /[\\/]app[\\/](?:components[\\/](?:commerce|delivery)[\\/]|components[\\/]ui[\\/](?:pagination|stars|card|textarea)\.tsx$|components[\\/]layout[\\/]page-header\.tsx$|lib[\\/](?:format|product|cart-money|store-format|newsletter-submit|newsletter-result|upload)\.ts$)/;
/**
 * Record 0053: only what both pages use (the product card is the list's alone; the product page
 * takes only its stock badge, stock-badge.tsx), with the icons both use that the shell lacks. The
 * policy texts, the review texts and the product page's own icons used to be here too: ~3 KB on
 * every product list.
 */
const cataloguePages =
  /[\\/](?:features[\\/]catalogue[\\/](?:seo|stock-badge|price-tag|use-add-to-cart)\.tsx?|lib[\\/](?:format|product)\.ts|components[\\/]ui[\\/]stars\.tsx|contracts[\\/]src[\\/]cart-messages\.ts|icons[\\/](?:chevron-left|chevron-right|minus)\.mjs)$/;
/**
 * The product page's icons that the shell does not have: one chunk, not a request each. The
 * Reviews tab's icons (pencil, trash, badge-check) load with the tab, the share menu's with the menu.
 */
const productPage = new RegExp(
  `lucide-react[\\\\/].*[\\\\/]icons[\\\\/](?:${[
    "package-x",
    "plus",
    "rotate-ccw",
    "share-2",
    "truck",
  ].join("|")})\\.mjs$`,
);
const wishlistHeart =
  /[\\/](?:components[\\/]commerce[\\/]wishlist-heart\.tsx|icons[\\/]heart\.mjs)$/;
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: node("react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser"),
      priority: 40,
    },
    {
      // What the product list and product pages share (formatting, prices, stars, the stock
      // badge, the cart's messages): one chunk rather than a request for each small module.
      name: "catalogue-pages",
      test: (id: string) => cataloguePages.test(id),
      priority: 5,
    },
    {
      name: "product-page",
      // With the tabs (only the product page and the dev mailbox have tabs) and the size chart
      // button and fit line (size-fit.tsx: the product page's, and its lazy review form's).
      test: (id: string) =>
        productPage.test(id) ||
        /[\\/](?:components[\\/]ui[\\/]tabs|features[\\/]catalogue[\\/]size-fit)\.tsx$/.test(id),
      priority: 5,
    },
    {
      name: "shell",
      // The app's components and helpers, and the class helpers every page uses; not the widgets'
      // code loaded on first use (*-parts.tsx), nor parts only some pages use.
      // The one money formatter (contracts/src/money.ts) too: home and the catalogue pages both
      // format prices, and as part of `catalogue-pages` it would bring that chunk to the home page.
      test: (id: string) =>
        (shellModule.test(id) && !notShell.test(id)) ||
        node("clsx|class-variance-authority").test(id) ||
        /contracts[\\/]src[\\/]money\.ts$/.test(id) ||
        // The wishlist heart (record 0045): on the home, list and product pages alike.
        wishlistHeart.test(id),
      priority: 10,
    },
  ],
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { sourcemap: false },
  // The server's build (record 0062): its libraries are bundled into it, so the store's start loads
  // only the icons and Radix parts the pages use, with the build's own files, instead of every icon
  // and every Radix package (~250 files from node_modules). React, React DOM and React Router stay
  // outside: the server's request handler (@mcansh/remix-fastify, @react-router/node) and the pages
  // must share one copy of each (React Router's contexts, React's hooks).
  ssr: {
    noExternal: true,
    external: ["react", "react-dom", "react-router", "@react-router/node"],
  },
  // The browser's build only: the server's bundle is loaded once, from disk.
  // modulePreload: false (record 0053): no preload helper around each import() (~0.3 KB in the
  // shell, ~0.8 KB of a product page): a lazy chunk's own imports are fetched when it arrives,
  // one round trip later; they are mostly the shell and the framework, loaded already. The route
  // modules' <link rel="modulepreload"> come from React Router, not from this.
  environments: {
    client: {
      build: { modulePreload: false, rolldownOptions: { output: { codeSplitting: clientChunks } } },
    },
  },
});
