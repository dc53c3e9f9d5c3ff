/**
 * Every feature's outbox entity, registered at start (not when its page's code first loads), so
 * an edit applied while the user is elsewhere still reaches every cache that shows the entity.
 */
import './features/toolbox/unit-commands';
import './features/shell/task-commands';
import './features/audiences/save-audience-commands';
import './features/grow/chart-commands';
