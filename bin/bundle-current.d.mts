// Types of bin/bundle-current.mjs and ./bundle-current.cjs (plain JavaScript, so the `punch` bin runs it without a compiler).
export function isInstalledPackage(root: string): boolean;
export function bundleIsCurrent(root: string, bundle: string): boolean;
export function buildIfStale(root: string, target: 'cli' | 'web', bundle: string, say?: () => void): { current: boolean; failure?: string };
