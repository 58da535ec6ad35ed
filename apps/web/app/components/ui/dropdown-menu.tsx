import type { DropdownMenu as MenuPrimitive } from "radix-ui";
import type * as React from "react";
import { lazyPrimitive } from "./lazy-primitive";

/*
 * A menu button (Radix: arrow keys, typeahead, Escape, focus return). Its code
 * (dropdown-menu-parts.tsx) loads when it is first opened or its trigger hovered or focused.
 *
 * <DropdownMenu>
 *   <DropdownMenuTrigger asChild><Button variant="ghost">Account</Button></DropdownMenuTrigger>
 *   <DropdownMenuContent align="end">
 *     <DropdownMenuItem asChild><Link to="/profile">Profile</Link></DropdownMenuItem>
 *   </DropdownMenuContent>
 * </DropdownMenu>
 */

const menu = lazyPrimitive(() => import("./dropdown-menu-parts"), "menu");

export const DropdownMenu = menu.Root<React.ComponentProps<typeof MenuPrimitive.Root>>;
export const DropdownMenuTrigger = menu.Trigger;
export const DropdownMenuGroup = menu.part("Group");
export const DropdownMenuContent = menu.part("Content");
export const DropdownMenuItem = menu.part("Item");
export const DropdownMenuLabel = menu.part("Label");
export const DropdownMenuSeparator = menu.part("Separator");
