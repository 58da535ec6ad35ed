import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks: a page used to load ~50 small modules (an icon, a Radix part, a helper
 * each), and on a phone's connection every request costs a round trip, six at a time. Libraries
 * every page needs are grouped into a few chunks; the routes stay split (the storefront never loads
 * the admin's code or its chart library). Record 0022.
 */
const node = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: node("react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser"),
      priority: 40,
    },
    { name: "icons", test: node("lucide-react"), priority: 30 },
    {
      name: "ui",
      test: node(
        "radix-ui|@radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|clsx|tailwind-merge|class-variance-authority",
      ),
      priority: 20,
    },
    { name: "shell", test: /[\\/]app[\\/](components|lib)[\\/]/, priority: 10 },
  ],
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { sourcemap: false },
  // The browser's build only: the server's bundle is loaded once, from disk.
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
  },
});
