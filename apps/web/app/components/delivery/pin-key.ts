/**
 * Where the browser keeps the shopper's last PIN code (the product page, the cart and the
 * checkout share it). A module of its own: the delivery box's always-loaded part needs only this.
 */
export const PIN_STORAGE_KEY = "vastra:pin";
