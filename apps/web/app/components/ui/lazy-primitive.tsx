import { Slot } from "radix-ui";
import * as React from "react";

/*
 * A Radix widget (dialog, drawer, menu) whose code loads when it is first opened, or when the
 * pointer or focus reaches its trigger (record 0029): a storefront page ships ~30 KB less script,
 * and nothing of it is needed before someone opens one.
 *
 * Until loaded, the root only holds the "please open" request, the trigger is a plain element that
 * makes it (keeping the trigger's own onClick), and the content parts render nothing (they are
 * closed). Once loaded, every part is the Radix one, so focus trapping, Escape and focus return to
 * the trigger work as before.
 */

type RootProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: React.ReactNode;
};
type Parts = { Root: React.ComponentType<RootProps>; Trigger: React.ElementType };

export function lazyPrimitive<P extends Parts>(load: () => Promise<P>, popup: "dialog" | "menu") {
  let loaded: P | undefined;
  let pending: Promise<P> | undefined;
  const preload = () => {
    pending ??= load().then((parts) => {
      loaded = parts;
      return parts;
    });
    return pending;
  };
  const PartsContext = React.createContext<P | null>(null);
  const RequestContext = React.createContext<(() => void) | null>(null);

  function Root<R extends RootProps>(props: R) {
    const { open, defaultOpen, onOpenChange, children, ...rest } = props;
    const [parts, setParts] = React.useState(loaded);
    const [requested, setRequested] = React.useState(false);
    const wantsOpen = open ?? (defaultOpen || requested);
    React.useEffect(() => {
      if (wantsOpen && !parts) void preload().then(setParts);
    }, [wantsOpen, parts]);
    const request = React.useCallback(() => {
      if (open === undefined) setRequested(true);
      onOpenChange?.(true);
    }, [open, onOpenChange]);
    if (parts) {
      const { Root: PartRoot } = parts;
      return (
        <PartsContext value={parts}>
          <PartRoot
            {...rest}
            open={open}
            defaultOpen={open === undefined ? defaultOpen || requested : undefined}
            onOpenChange={onOpenChange}
          >
            {children}
          </PartRoot>
        </PartsContext>
      );
    }
    return <RequestContext value={request}>{children}</RequestContext>;
  }

  function Trigger({
    asChild,
    onClick,
    ...props
  }: React.ComponentProps<"button"> & { asChild?: boolean }) {
    const parts = React.use(PartsContext);
    const request = React.use(RequestContext);
    if (parts) return <parts.Trigger asChild={asChild} onClick={onClick} {...props} />;
    const Comp = asChild ? Slot.Root : "button";
    return (
      <Comp
        type={asChild ? undefined : "button"}
        aria-haspopup={popup}
        aria-expanded={false}
        data-state="closed"
        {...props}
        onPointerEnter={(event: React.PointerEvent<HTMLButtonElement>) => {
          props.onPointerEnter?.(event);
          void preload();
        }}
        onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
          props.onFocus?.(event);
          void preload();
        }}
        onKeyDown={(event: React.KeyboardEvent<HTMLButtonElement>) => {
          props.onKeyDown?.(event);
          // A menu button also opens with the down arrow.
          if (popup === "menu" && event.key === "ArrowDown" && !event.defaultPrevented) {
            event.preventDefault();
            request?.();
          }
        }}
        onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) request?.();
        }}
      />
    );
  }

  /** A part that only exists inside the loaded widget (content, items, title…). */
  function part<K extends keyof P>(name: K) {
    function Part(props: React.ComponentProps<Extract<P[K], React.ElementType>>) {
      const parts = React.use(PartsContext);
      if (!parts) return null;
      const Component = parts[name] as React.ElementType;
      return <Component {...props} />;
    }
    Part.displayName = `Lazy${String(name)}`;
    return Part;
  }

  return { Root, Trigger, part, preload };
}
