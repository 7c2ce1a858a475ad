export { Drain } from './drain';
export { type AppMetrics, countEmail, countPush, createAppMetrics, type MetricSources } from './metrics';
export { type ReadinessCheck, readinessChecks } from './readiness';
export { OneLinePerRequest, registerRequestLog } from './request-log';
export { inSpan, startTracing, traceJobs, traceRequests, tracingOn } from './tracing';
