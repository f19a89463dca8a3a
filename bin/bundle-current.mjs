// The ES module face of ./bundle-current.cjs (scripts/web.mjs, scripts/start.mjs and the bench import it): the
// implementation is CommonJS because the `punch` bin (bin/punch.cjs) requires it at every start.
export { buildIfStale, bundleIsCurrent, isInstalledPackage } from './bundle-current.cjs';
