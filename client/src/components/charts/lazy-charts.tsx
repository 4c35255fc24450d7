import { lazy } from 'react';

// recharts (and what it pulls in) is a chunk of its own, fetched when a page first shows a chart:
// it never weighs on the first load of the pages a visitor lands on.
export const SeriesChart = lazy(() =>
  import('./series-chart').then((module) => ({ default: module.SeriesChart })),
);
