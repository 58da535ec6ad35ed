import * as React from "react";
import { cn } from "~/components/ui/cn";

/*
 * Tabs, after the WAI-ARIA tabs pattern (automatic activation): one tab in the page's tab order
 * (the selected one; roving tabindex), ←/→ move to the previous/next tab and select it (wrapping),
 * Home/End to the first/last; each tab controls its panel (aria-controls) and each panel is named
 * by its tab (aria-labelledby). A panel not selected stays in the page, hidden and empty, as Radix
 * Tabs rendered it. Record 0053: Radix Tabs brought ~9 KB of gzipped script (its collection, roving
 * focus, presence, id and direction parts) to every product page; this is ~0.8 KB.
 *
 * <Tabs defaultValue="details">
 *   <TabsList aria-label="Product information">
 *     <TabsTrigger value="details">Details</TabsTrigger>
 *     <TabsTrigger value="reviews">Reviews</TabsTrigger>
 *   </TabsList>
 *   <TabsContent value="details">…</TabsContent>
 *   <TabsContent value="reviews">…</TabsContent>
 * </Tabs>
 */

type TabsState = { value: string; select: (value: string) => void; id: string };

const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const tabs = React.useContext(TabsContext);
  if (!tabs) throw new Error(`<${part}> must be inside <Tabs>`);
  return tabs;
}

/** The ids of a tab and its panel (a value may hold characters an id should not). */
const tabId = (tabs: TabsState, value: string, part: "tab" | "panel") =>
  `${tabs.id}-${part}-${encodeURIComponent(value).replace(/%/g, "_")}`;

type TabsProps = Omit<React.ComponentProps<"div">, "defaultValue" | "dir"> & {
  /** The selected tab (controlled); with onValueChange. */
  value?: string;
  /** The tab selected first (uncontrolled). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({
  className,
  value: controlled,
  defaultValue = "",
  onValueChange,
  ...props
}: TabsProps) {
  const [own, setOwn] = React.useState(defaultValue);
  const id = React.useId();
  const value = controlled ?? own;
  const tabs = React.useMemo<TabsState>(
    () => ({
      value,
      id,
      select: (next) => {
        if (next === value) return;
        if (controlled === undefined) setOwn(next);
        onValueChange?.(next);
      },
    }),
    [value, id, controlled, onValueChange],
  );
  return (
    <TabsContext.Provider value={tabs}>
      <div
        data-orientation="horizontal"
        className={cn("flex flex-col gap-5", className)}
        {...props}
      />
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        "flex w-full items-end gap-1 overflow-x-auto border-b border-border [scrollbar-width:none]",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        const move = MOVES[event.key];
        if (!move || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
          return;
        }
        const triggers = Array.from(
          event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
        );
        const from = triggers.indexOf(event.target as HTMLButtonElement);
        if (from < 0) return;
        event.preventDefault();
        const to = triggers[move(from, triggers.length)];
        // Focus selects (automatic activation): the trigger's onFocus below.
        to?.focus();
      }}
      {...props}
    />
  );
}

type TabsTriggerProps = Omit<React.ComponentProps<"button">, "value"> & { value: string };

export function TabsTrigger({
  className,
  value,
  disabled,
  onClick,
  onFocus,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs, value, "tab")}
      aria-controls={tabId(tabs, value, "panel")}
      aria-selected={selected}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "-mb-px inline-flex min-h-11 shrink-0 items-center justify-center gap-2 border-b-2 border-transparent px-4 py-2",
        "text-sm font-medium tracking-wide text-muted-foreground transition-colors",
        "hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
        "data-[state=active]:border-primary data-[state=active]:text-primary",
        "disabled:pointer-events-none disabled:opacity-50",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = React.ComponentProps<"div"> & { value: string };

export function TabsContent({ className, value, children, ...props }: TabsContentProps) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabId(tabs, value, "panel")}
      aria-labelledby={tabId(tabs, value, "tab")}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG's tab panel is focusable (Tab from the tabs reaches it, even with no link inside)
      tabIndex={0}
      className={cn(
        "focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring",
        className,
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
