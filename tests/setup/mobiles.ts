/**
 * A mobile number written out: 11 digits from 13–19, standing alone. Not one inside a longer run of
 * letters and digits: a hex hash, a base64 seal or a random id holds 11 digits in a row by chance
 * (a sha256 in hex does in about one of six; CI failed on `…4a3159543493131b…`). The server's own
 * log and answer checks draw the same line (http/security.ts NUMBER_LIKE).
 */
export const PLAIN_MOBILE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/;
