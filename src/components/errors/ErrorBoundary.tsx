import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createErrorId } from '../../domain/errorId';
import { reportCaughtError } from './errorReporting';
import { toCapturedError, type CapturedError } from './reporter';

/** What a fallback receives: the error, the id shown to the user, and a way to try again. */
export interface FallbackProps {
  error: CapturedError;
  errorId: string;
  reset(): void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback(props: FallbackProps): ReactNode;
  /** When this value changes (e.g. the path), a shown error is cleared. */
  resetKey?: unknown;
}

/** Marks a failure whose reset key has not been read from the props yet. */
const UNSET = Symbol('unset');

type ErrorBoundaryState = { failure: { error: CapturedError; errorId: string; resetKey: unknown } | null };

/** Catches render errors below it, reports them under a fresh ERR_ id and shows `fallback`. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failure: { error: toCapturedError(error), errorId: createErrorId(), resetKey: UNSET } };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): ErrorBoundaryState | null {
    if (!state.failure) return null;
    if (state.failure.resetKey === UNSET) return { failure: { ...state.failure, resetKey: props.resetKey } };
    return state.failure.resetKey === props.resetKey ? null : { failure: null };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    if (this.state.failure) reportCaughtError(error, this.state.failure.errorId);
  }

  reset = (): void => this.setState({ failure: null });

  override render(): ReactNode {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return this.props.fallback({ error: failure.error, errorId: failure.errorId, reset: this.reset });
  }
}
