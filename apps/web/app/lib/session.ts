/** The signed-in shopper as the shell (header, menus) needs them. */
export type SessionUser = {
  name: string;
  email: string;
  isAdmin: boolean;
};

/** What the root loader knows about the visitor. */
export type ShellSession = {
  user: SessionUser | null;
  /** Total quantity across all cart lines (the header badge). */
  cartCount: number;
};
