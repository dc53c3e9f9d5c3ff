/**
 * Every feature's "Make available offline" preparer (issue 12), by the area whose pages it
 * serves. Each names the module that holds it, loaded only when a user makes a context available
 * offline (decision 006's shell budget); the sync panel's offline part imports this list, so not
 * even the list is in the shell. Each area adds its line here as it lands.
 */
import { registerOfflinePreparer } from './lib/offline/offline-preparers';

registerOfflinePreparer('grow', () => import('./features/grow/grow-offline').then((m) => m.prepareGrowOffline));
registerOfflinePreparer('explore', () => import('./features/explore/explore-offline').then((m) => m.prepareExploreOffline));
registerOfflinePreparer('audiences', () => import('./features/audiences-overview/audiences-offline').then((m) => m.prepareAudiencesOffline));
registerOfflinePreparer('overlap', () => import('./features/overlap/overlap-offline').then((m) => m.prepareOverlapOffline));
registerOfflinePreparer('journey', () => import('./features/journey/data/journey-offline').then((m) => m.prepareJourneyOffline));
registerOfflinePreparer('measure', () => import('./features/measure/measure-offline').then((m) => m.prepareMeasureOffline));
registerOfflinePreparer('plans', () => import('./features/plans/plans-offline').then((m) => m.preparePlansOffline));
registerOfflinePreparer('customer-value', () => import('./features/analysis/analysis-offline').then((m) => m.prepareCustomerValueOffline));
registerOfflinePreparer('best-customer', () => import('./features/analysis/analysis-offline').then((m) => m.prepareBestCustomerOffline));
registerOfflinePreparer('customer-attrition', () => import('./features/analysis/analysis-offline').then((m) => m.prepareCustomerAttritionOffline));
registerOfflinePreparer('site-visitation', () => import('./features/analysis/analysis-offline').then((m) => m.prepareSiteVisitationOffline));
registerOfflinePreparer('buyer-retention', () => import('./features/analysis/analysis-offline').then((m) => m.prepareBuyerRetentionOffline));
