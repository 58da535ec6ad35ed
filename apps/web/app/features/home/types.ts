/** What the home page needs of an advertisement (the rest of the contract stays on the server). */
export type HeroAd = {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
};

/** What a featured ('Our Collections') card needs of a hero product. */
export type FeaturedProduct = {
  _id: string;
  title: string;
  /** heroImage when set, else imageUrl. */
  image: string;
  /** heroTagline when set, else the description. */
  tagline: string;
  /** Rupees. */
  price: number;
  /** The first size, or 'In Stock' when the product has none. */
  sizeLabel: string;
};

/** QR codes of the social links as data: URLs of SVG images, keyed by the link. */
export type QrCodes = Record<string, string>;
