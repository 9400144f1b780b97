export function appVersion(): string;
