export const TEST_DOMAIN: string;
export const TEST_HOST: string;
export const DOWN_FILE_ENV: string;
export function isTestHost(hostname: string): boolean;
export function notFound(hostname: string): Error & { errno: number; code: 'ENOTFOUND'; syscall: 'getaddrinfo'; hostname: string };
export function installTestDns(isDown: () => boolean): { uninstall(): void };
