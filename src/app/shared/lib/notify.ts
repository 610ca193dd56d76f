/**
 * Toasts from anywhere (request layer, features): the shell's toaster host registers the Fluent
 * dispatcher here; toasts raised before it mounts wait for it.
 */
import { proxy } from 'valtio';
import type { ToastIntent } from './http';

type ToastFn = (intent: ToastIntent, text: string) => void;

let show: ToastFn | null = null;
const pending: [ToastIntent, string][] = [];

/** The toaster's code loads with the first toast (it is not needed for the first paint). */
export const toaster = proxy({ wanted: false });

export function registerToaster(fn: ToastFn): () => void {
  show = fn;
  for (const [intent, text] of pending.splice(0)) fn(intent, text);
  return () => {
    if (show === fn) show = null;
  };
}

export function toast(intent: ToastIntent, text: string): void {
  if (show) return show(intent, text);
  pending.push([intent, text]);
  toaster.wanted = true;
}

export const toastSuccess = (text: string) => toast('success', text);
export const toastError = (text: string) => toast('error', text);
