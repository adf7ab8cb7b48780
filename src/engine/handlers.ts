/**
 * The table from queue item kind to handler. Each mechanism contributes its handlers here; the
 * mapped type makes the compiler insist that every kind has exactly one.
 */
import type { QueueItemKind, QueueItemOf } from './queueItems';
import type { StepContext } from './stepContext';
import { handleToyDeliver, handleToyEmit } from './toy/counterJob';

export type Handler<K extends QueueItemKind> = (ctx: StepContext, item: QueueItemOf<K>) => void;
export type HandlerTable = { [K in QueueItemKind]: Handler<K> };

export const HANDLERS: HandlerTable = {
  'sim.start': (ctx) => {
    ctx.emit('sim.started', { seed: ctx.state.config.seed, untilMs: ctx.state.config.untilMs });
    ctx.schedule(0, { kind: 'toy.emit' });
  },
  'toy.emit': handleToyEmit,
  'toy.deliver': handleToyDeliver,
};
