import { startFirstRequests } from './app/first-requests.ts';

/*
 * The entry (issue 15, decision 045): a few KB that start what the first screen needs — its
 * language, and on a signed-in page its data and its screen's code — then the app itself, which
 * index.html already preloads. Before, these requests waited until the app's ~115 KB had
 * downloaded and run.
 */
startFirstRequests(window.location.pathname);
void import('./app/start.tsx');
