// zod's core, not its index: the index re-exports every schema builder, which the first download does not need.
import { config } from 'zod/v4/core';

// zod's fast object parser first probes `new Function('')`; the probe's throw is caught, but under our strict
// Content-Security-Policy (no 'unsafe-eval') the browser still reports a violation for it. The web app parses little,
// so it runs zod without the JIT and the policy stays silent.
config({ jitless: true });
