import type { StoreSettings } from "@vastra/contracts/store";
import { addressLines, telHref } from "~/lib/store-format";

/** The store's postal address, phone and e-mail, as a policy page's contact block. */
export function StoreContact({ store }: { store: StoreSettings }) {
  return (
    <address className="mt-4 not-italic rounded-lg border border-border p-5 text-foreground/90 leading-7">
      <strong className="block text-foreground">{store.legalName}</strong>
      <span className="block text-sm text-muted-foreground">trading as {store.name}</span>
      <span className="mt-2 block">
        {addressLines(store).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </span>
      <span className="mt-3 block">
        Phone: <a href={telHref(store.phone)}>{store.phone}</a>
      </span>
      <span className="block">
        E-mail: <a href={`mailto:${store.email}`}>{store.email}</a>
      </span>
    </address>
  );
}
