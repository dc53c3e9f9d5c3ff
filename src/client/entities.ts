/**
 * Every feature's outbox entity, known at start (not when its page's code first loads), so an
 * edit applied while the user is elsewhere still reaches every cache that shows the entity.
 * The small ones register here; the larger ones name the module that registers them, which the
 * outbox loads when it first reads one of their commands (decision 006's shell budget).
 */
import { registerEntityLoader } from './lib/offline/outbox-client';
import './features/shell/task-commands';

registerEntityLoader('toolbox_unit', () => import('./features/toolbox/unit-commands'));
registerEntityLoader('mekko', () => import('./features/grow/chart-commands'));
registerEntityLoader('saved_audience', () => import('./features/audiences/save-audience-commands'));
registerEntityLoader('motivation_audience', () => import('./features/audiences/motivation-request-commands'));
registerEntityLoader('persona', () => import('./features/explore/persona-commands'));
registerEntityLoader('custom_widget', () => import('./features/explore/widget-commands'));
registerEntityLoader('comparison', () => import('./features/overlap/comparison-commands'));
registerEntityLoader('journey', () => import('./features/journey/data/journey-commands'));
registerEntityLoader('outcome_timeframe', () => import('./features/measure/measure-commands'));
registerEntityLoader('scenario', () => import('./features/plans/scenario-commands'));
