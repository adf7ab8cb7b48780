/** Transport controls: jump, step, play/pause, scrubber, position readout and speed. */
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectLength, selectPlaying, selectTimeAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { Scrubber } from './Scrubber';
import { SpeedControl } from './SpeedControl';
import { Icon } from './Icon';
import { EventJump } from './EventJump';
import { SeekingReadout } from './SeekingReadout';

export function ControlBar() {
  const t = useT();
  const cursor = useAppStore(selectCursor);
  const length = useAppStore(selectLength);
  const playing = useAppStore(selectPlaying);
  const timeMs = useAppStore(selectTimeAtCursor);
  const { setCursor, stepBy, togglePlaying, setPlaying } = useAppStore.getState();
  const jump = (p: number) => {
    setPlaying(false);
    setCursor(p);
  };
  const step = (d: number) => {
    setPlaying(false);
    stepBy(d);
  };
  return (
    <footer className="control-bar" aria-label={t('playbackControls')}>
      <div className="transport">
        <button type="button" onClick={() => jump(0)} disabled={cursor === 0} title={`${t('jumpStart')} (Home)`} aria-label={t('jumpStart')} data-testid="jump-start">
          <Icon name="jumpStart" />
        </button>
        <button type="button" onClick={() => step(-1)} disabled={cursor === 0} title={`${t('stepBack')} (←)`} aria-label={t('stepBack')} data-testid="step-back">
          <Icon name="stepBack" />
        </button>
        <button
          type="button"
          className="play"
          onClick={togglePlaying}
          title={`${playing ? t('pause') : t('play')} (Space)`}
          aria-label={playing ? t('pause') : t('play')}
          aria-pressed={playing}
          data-testid="play"
        >
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" onClick={() => step(1)} disabled={cursor >= length} title={`${t('stepForward')} (→)`} aria-label={t('stepForward')} data-testid="step-forward">
          <Icon name="stepForward" />
        </button>
        <button type="button" onClick={() => jump(length)} disabled={cursor >= length} title={`${t('jumpEnd')} (End)`} aria-label={t('jumpEnd')} data-testid="jump-end">
          <Icon name="jumpEnd" />
        </button>
      </div>
      <Scrubber />
      <div className="position" aria-live="polite">
        <span data-testid="step-readout">
          {t('step')} <b>{cursor}</b> {t('ofSteps')} {length}
        </span>
        <span data-testid="time-readout">
          t = <b>{timeMs}</b> {t('ms')}
        </span>
        <SeekingReadout />
      </div>
      <EventJump />
      <SpeedControl />
    </footer>
  );
}
