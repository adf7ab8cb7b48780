/** 播放栏“跳到事件”控件、定位提示的文案，以及录制运行时遇到的问题。 */
import type { playbackEn } from '../en/playback';

export const playbackZh: Record<keyof typeof playbackEn, string> = {
  jumpNoEarlier: '第 {step} 步之前没有{kind}',
  jumpNoLater: '第 {step} 步之后没有{kind}',
  jumpNoLaterYet: '第 {step} 步之后尚未录制到{kind}：运行仍在录制中',
  jumpToStep: '{dir}{kind}：第 {step} 步',
  seekingTo: '正在定位到第 {step} 步…',
};
