/** Logarithmic speed slider (simulated time per real second), like RaftScope's. */
import { scaleLog } from 'd3';
import { useAppStore } from '../../store/appStore';
import { selectSpeed } from '../../store/selectors';
import { REPLAY_BUDGET_MS, SPEED_MAX, SPEED_MIN } from '../../store/playbackSlice';
import { useT } from '../../i18n/useT';

const SLIDER_STEPS = 100;
const toSlider = scaleLog().domain([SPEED_MIN, SPEED_MAX]).range([0, SLIDER_STEPS]);

export function formatSpeed(speed: number): string {
  return speed >= 1 ? `${speed.toFixed(speed >= 10 ? 0 : 1)}×` : `${speed.toPrecision(2)}×`;
}

export function SpeedControl() {
  const t = useT();
  const speed = useAppStore(selectSpeed);
  const setSpeed = useAppStore((s) => s.setSpeed);
  const reached = useAppStore((s) => s.reachedSpeed);
  return (
    <label className="speed" title={t('speedHint')}>
      <span className="speed-label">{t('speed')}</span>
      <input
        type="range"
        min={0}
        max={SLIDER_STEPS}
        step={1}
        value={Math.round(toSlider(speed))}
        aria-label={t('speed')}
        aria-valuetext={formatSpeed(speed)}
        data-testid="speed"
        onChange={(e) => setSpeed(toSlider.invert(Number(e.target.value)))}
      />
      <output className="speed-value" data-testid="speed-value">
        {formatSpeed(speed)}
      </output>
      {reached !== null && (
        <span
          className="speed-reached"
          data-testid="speed-reached"
          title={t('speedReachedTitle', { speed: formatSpeed(speed), reached: formatSpeed(reached), ms: REPLAY_BUDGET_MS })}
        >
          {t('speedReached', { speed: formatSpeed(reached) })}
        </span>
      )}
    </label>
  );
}
