/** Injected by vite.config.ts: the root package.json version and the git commit the bundle was built from. */
declare const __APP_VERSION__: string;
declare const __BUILD_HASH__: string;

/** The URL of the first screen's icon sprite (vite-plugins/icon-sprite.ts). */
declare module 'virtual:icon-sprite' {
  const url: string;
  export default url;
}
