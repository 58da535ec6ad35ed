import type { StoreSettings } from "@vastra/contracts";
import { type EmailContent, renderEmail } from "../../mail/templates.ts";

const minutes = 10;

export function verificationCodeEmail(
  store: StoreSettings,
  name: string,
  code: string,
): EmailContent {
  return renderEmail(
    {
      subject: `${code} is your ${store.name} verification code`,
      preheader: `Your code is ${code}. It expires in ${minutes} minutes.`,
      heading: `Welcome to ${store.name}, ${name}`,
      blocks: [
        {
          type: "paragraph",
          text: "Enter this code to verify your e-mail address and finish joining:",
        },
        { type: "code", code },
        { type: "paragraph", text: `The code expires in ${minutes} minutes and works once.` },
      ],
      footerNote:
        "You received this because someone used this address to join. If it was not you, ignore this e-mail.",
    },
    store,
  );
}

export function resetCodeEmail(store: StoreSettings, name: string, code: string): EmailContent {
  return renderEmail(
    {
      subject: `${code} is your ${store.name} password reset code`,
      preheader: `Your password reset code is ${code}.`,
      heading: "Reset your password",
      blocks: [
        { type: "paragraph", text: `Hello ${name}, enter this code on the password reset page:` },
        { type: "code", code },
        {
          type: "paragraph",
          text: `The code expires in ${minutes} minutes. Resetting your password signs you out everywhere else.`,
        },
      ],
      footerNote:
        "If you did not ask to reset your password, ignore this e-mail: your password stays as it is.",
    },
    store,
  );
}

export function emailChangeCodeEmail(
  store: StoreSettings,
  name: string,
  code: string,
): EmailContent {
  return renderEmail(
    {
      subject: `${code} is your ${store.name} e-mail change code`,
      preheader: `Confirm your new e-mail address with ${code}.`,
      heading: "Confirm your new e-mail address",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${name}, enter this code in your profile to use this address:`,
        },
        { type: "code", code },
        { type: "paragraph", text: `The code expires in ${minutes} minutes.` },
      ],
    },
    store,
  );
}

export function emailChangeNoticeEmail(
  store: StoreSettings,
  name: string,
  newEmail: string,
): EmailContent {
  return renderEmail(
    {
      subject: `A change of e-mail address was requested for your ${store.name} account`,
      preheader: "Someone asked to move your account to a new e-mail address.",
      heading: "Your e-mail address is being changed",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${name}, a request was made to change your account's e-mail address to ${newEmail}. A code was sent to that address; nothing changes until it is entered.`,
        },
        {
          type: "paragraph",
          text: `If this was not you, change your password now and write to us at ${store.email}.`,
        },
      ],
    },
    store,
  );
}

export function passwordChangedEmail(store: StoreSettings, name: string): EmailContent {
  return renderEmail(
    {
      subject: `Your ${store.name} password was changed`,
      preheader: "Your password was changed and other sessions were signed out.",
      heading: "Your password was changed",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${name}, your password was just changed and every other session was signed out.`,
        },
        {
          type: "paragraph",
          text: `If this was not you, reset your password now and write to us at ${store.email}.`,
        },
      ],
    },
    store,
  );
}

/**
 * To the owner of an address somebody tried to join with: the join answered as for a free address
 * (so it tells nobody the address has an account), and this e-mail carries no code.
 */
export function registerAttemptNoticeEmail(store: StoreSettings, name: string): EmailContent {
  return renderEmail(
    {
      subject: `Someone tried to join ${store.name} with your e-mail address`,
      preheader: "You already have an account, so nothing was changed.",
      heading: "You already have an account",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${name}, someone just tried to create a new ${store.name} account with this e-mail address. You already have one, so nothing was created or changed.`,
        },
        {
          type: "paragraph",
          text: "If it was you, sign in instead (or reset your password if you have forgotten it). If it was not, you can ignore this e-mail.",
        },
      ],
    },
    store,
  );
}

/**
 * To the owner of an address another account tried to move to: the request answered as for a free
 * address, and this e-mail carries no code, so the other account can never take the address.
 */
export function emailChangeAttemptNoticeEmail(store: StoreSettings, name: string): EmailContent {
  return renderEmail(
    {
      subject: `Someone tried to use your e-mail address on ${store.name}`,
      preheader: "Another account asked to change to this address. Nothing was changed.",
      heading: "Your address is already in use",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${name}, another ${store.name} account asked to change its e-mail address to this one. This address already belongs to your account, so nothing was changed.`,
        },
        {
          type: "paragraph",
          text: `If you did not expect this, you can ignore this e-mail, or write to us at ${store.email}.`,
        },
      ],
    },
    store,
  );
}
