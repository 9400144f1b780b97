import { TOAST_DEFAULT_DURATION_MS } from '../../domain/constants';

/** Spec §9 toast variants: default, and destructive for failures. */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 5000 by default; zero or negative keeps the toast until it is closed. */
  duration?: number;
}

/** The toaster's duration: the default when none is given, Infinity (persistent) for zero or less. */
export function toastDuration(duration: number | undefined): number {
  const value = duration ?? TOAST_DEFAULT_DURATION_MS;
  return value <= 0 ? Number.POSITIVE_INFINITY : value;
}

/** Chakra's toast type for a variant: destructive toasts get the error styling. */
export function toastType(variant: ToastVariant | undefined): 'error' | 'info' {
  return variant === 'destructive' ? 'error' : 'info';
}
