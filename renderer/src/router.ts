import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';

/** Hash history: the app works from any static server and from the desktop window alike. */
const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/evaluations' },
  { path: '/evaluations', name: 'evaluations', component: () => import('./views/EvaluationsView.vue'), meta: { title: 'Evaluations' } },
  { path: '/evaluations/new', name: 'new-evaluation', component: () => import('./views/NewEvaluationView.vue'), meta: { title: 'New evaluation' } },
  {
    path: '/evaluations/:id',
    component: () => import('./views/EvaluationView.vue'),
    props: true,
    children: [
      { path: '', name: 'evaluation', component: () => import('./views/EvaluationOverview.vue'), props: true, meta: { title: 'Evaluation' } },
      { path: 'diagnosis', name: 'diagnosis', component: () => import('./views/DiagnosisView.vue'), props: true, meta: { title: 'Diagnosis' } },
      { path: 'runs', name: 'runs', component: () => import('./views/RunsView.vue'), props: true, meta: { title: 'Runs' } },
    ],
  },
  { path: '/runs/:runId', name: 'trace', component: () => import('./views/TraceView.vue'), props: true, meta: { title: 'Run trace' } },
  { path: '/vendors', name: 'vendors', component: () => import('./views/VendorsView.vue'), meta: { title: 'Vendors' } },
  { path: '/vendors/:id', name: 'vendor', component: () => import('./views/VendorView.vue'), props: true, meta: { title: 'Vendor' } },
  { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue'), meta: { title: 'Settings' } },
  { path: '/:unknown(.*)*', name: 'not-found', component: () => import('./views/NotFoundView.vue'), meta: { title: 'Not found' } },
];

export const router = createRouter({ history: createWebHashHistory(), routes });

router.afterEach((to) => {
  const title = typeof to.meta.title === 'string' ? to.meta.title : '';
  document.title = title ? `${title} · Vendor Evaluation` : 'Vendor Evaluation';
});
