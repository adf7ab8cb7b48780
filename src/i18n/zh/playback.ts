/** 播放栏“跳到事件”控件、定位提示的文案，以及录制运行时遇到的问题。 */
import type { playbackEn } from '../en/playback';

export const playbackZh: Record<keyof typeof playbackEn, string> = {
  jumpNoEarlier: '第 {step} 步之前没有{kind}',
  jumpNoLater: '第 {step} 步之后没有{kind}',
  jumpNoLaterYet: '第 {step} 步之后尚未录制到{kind}：运行仍在录制中',
  jumpToStep: '{dir}{kind}：第 {step} 步',
  speedReached: '实际约 {speed}',
  speedReachedTitle: '这个运行太大，本页无法以 {speed} 重放：每一帧最多用 {ms} 毫秒重放它的步骤，所以实际约以 {reached} 播放。没有跳过任何步骤。',
  seekingTo: '正在定位到第 {step} 步…',
};
