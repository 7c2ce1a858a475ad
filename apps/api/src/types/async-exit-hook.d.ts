declare module 'async-exit-hook' {
  function exitHook(hook: (done?: () => void) => void): void;
  namespace exitHook {
    function unhookEvent(event: string): void;
    function hookedEvents(): string[];
  }
  export default exitHook;
}
