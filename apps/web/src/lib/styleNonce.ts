import { setNonce } from 'get-nonce';

/**
 * The page's CSP nonce for style elements, which the server writes into `<meta
 * property="csp-nonce">` of each answer. The headless parts insert a few style elements (the
 * scroll lock of a dialog, a select's viewport); without the nonce the policy refuses them.
 * Browsers hide a nonce attribute from getAttribute, so it is read from the property.
 */
export const styleNonce: string | undefined =
  (typeof document !== 'undefined' &&
    document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce) ||
  undefined;

// The scroll lock's style element (react-remove-scroll) asks get-nonce for it.
if (styleNonce) setNonce(styleNonce);
