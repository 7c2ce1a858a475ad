import { benchAds } from './ads';
import { benchBulk } from './bulk';
import { benchBundle } from './bundle';
import { benchCalendar } from './calendar';
import { benchComments } from './comments';
import { benchCompression } from './compression';
import { benchDashboard } from './dashboard';
import { benchExport } from './export';
import { benchForms } from './forms';
import { benchLive } from './live';
import { benchLoad } from './load';
import { benchOnboarding } from './onboarding';
import { benchPosts } from './posts';
import { benchReports } from './reports';
import { benchRequests } from './requests';
import { benchScale } from './scale';
import { benchSearch } from './search';
import { benchStartup } from './startup';
import { benchStripe } from './stripe';
import { benchTasks } from './tasks';
import { benchTimeLogs } from './time-logs';
import { benchUploads } from './uploads';
import { benchUserEndpoint } from './user-endpoint';

/** `npm run bench [user|startup|bundle|scale|timelogs|tasks|requests|bulk|dashboard|live|comments|search|uploads|reports|export|forms|onboarding|stripe|calendar|compression|load|posts|ads]…`: prints figures; never fails on a target (these are not tests). */
const which = process.argv.slice(2);
const all = which.length === 0;
if (all || which.includes('user')) {
  await benchUserEndpoint(Number(process.env.BENCH_SECONDS ?? 10));
}
if (all || which.includes('startup')) {
  await benchStartup();
}
if (all || which.includes('bundle')) {
  await benchBundle();
}
if (all || which.includes('scale')) {
  await benchScale();
}
if (all || which.includes('timelogs')) {
  await benchTimeLogs();
}
if (all || which.includes('tasks')) {
  await benchTasks();
}
if (all || which.includes('requests')) {
  await benchRequests();
}
if (all || which.includes('bulk')) {
  await benchBulk();
}
if (all || which.includes('dashboard')) {
  await benchDashboard();
}
if (all || which.includes('live')) {
  await benchLive();
}
if (all || which.includes('comments')) {
  await benchComments();
}
if (all || which.includes('search')) {
  await benchSearch();
}
if (all || which.includes('uploads')) {
  await benchUploads();
}
if (all || which.includes('reports')) {
  await benchReports();
}
if (all || which.includes('export')) {
  await benchExport();
}
if (all || which.includes('forms')) {
  await benchForms();
}
if (all || which.includes('onboarding')) {
  await benchOnboarding();
}
if (all || which.includes('stripe')) {
  await benchStripe();
}
if (all || which.includes('calendar')) {
  await benchCalendar();
}
if (all || which.includes('compression')) {
  await benchCompression();
}
if (all || which.includes('posts')) {
  await benchPosts();
}
// Not part of a plain `npm run bench`: ten minutes, and it needs haproxy, redis-server and DATABASE_URL.
if (which.includes('load')) {
  await benchLoad();
}
if (all || which.includes('ads')) {
  await benchAds();
}
