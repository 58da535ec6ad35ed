/**
 * The product page's not-found view: its own module, loaded only when a product is not found
 * (record 0053), not with every product page.
 */
import { ArrowLeft, PackageX } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";

/** The product page's not-found (or failed-load) view, with a way back to the collections. */
export const PRODUCT_NOT_FOUND_MESSAGES = {
  loadFailed: "Failed to load product details.",
} as const;

export function ProductNotFound({ failed = false }: { failed?: boolean }) {
  const toast = useToast();
  React.useEffect(() => {
    if (failed) toast.error(PRODUCT_NOT_FOUND_MESSAGES.loadFailed);
  }, [failed, toast]);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <PackageX aria-hidden="true" className="size-14 text-gold-600" strokeWidth={1.25} />
      <h1 className="mt-6 font-display text-4xl font-semibold text-foreground sm:text-5xl">
        Product Not Found
      </h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">
        {failed
          ? PRODUCT_NOT_FOUND_MESSAGES.loadFailed
          : "This piece may have sold out for good or moved. Our collections have plenty more to discover."}
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/products">
          <ArrowLeft aria-hidden="true" />
          Back to products
        </Link>
      </Button>
    </div>
  );
}
