/** 帮助中快捷键表以外的文字：事件跳转、舞台标签页与术语表的快捷键，术语表对话框，演示模式的操作面板，以及拖入 Flink `_metadata` 文件时的说明。 */
import type { helpEn } from '../en/help';

export const helpZh: Record<keyof typeof helpEn, string> = {
  hlpShortcutJump: '跳到跳转框所选类型的上一个 / 下一个事件',
  hlpShortcutTabs: '显示舞台中该位置的标签页（检查点、时间线、图表、注册表、恢复）',
  hlpShortcutGlossary: '打开术语表',
  hlpGlossary: '术语表',
  hlpGlossaryOpen: '本应用所用术语的术语表',
  hlpGlossarySearch: '搜索术语表',
  hlpGlossaryCount: '{total} 个术语中的 {n} 个',
  hlpGlossaryNone: '没有与“{q}”匹配的术语。',
  hlpGlossaryFlink: '在 Flink 中',
  hlpGlossaryRelated: '另见',
  hlpGlossaryTermHint: '术语表：{term}',
  hlpGlossaryLoading: '正在加载术语表…',
  hlpPresenterActions: '操作',
  hlpPresenterActionsHint: '在舞台中显示操作面板（故障、保存点、恢复）',
  hlpFlinkMetadataTitle: '这是真实的 Flink 检查点文件，不是场景',
  hlpFlinkMetadataBody:
    '“{name}”以 Flink 检查点元数据的魔数 0x4960672d 开头：它是 Apache Flink 写出的检查点或保存点的 _metadata 文件（元数据格式版本 {version}{checkpoint}）。',
  hlpLabMetadataTitle: '这是检查点的 _metadata 文件，不是场景',
  hlpLabMetadataBody:
    '“{name}”是本应用的旧版本写出的检查点 _metadata 文件（Flink 的魔数 0x4960672d，随后是 Checkpoint Lab 以前的版本 1001，正文为 JSON；本应用现在写 Flink 自己的版本 4）；应用在恢复时从自己的存储中读取这类文件，而不是把它当作场景导入。',
  hlpFlinkMetadataCheckpoint: '，检查点 {id}',
  hlpFlinkMetadataCannot:
    'Checkpoint Lab 运行的是场景（即“导出”按钮写出的那种 JSON 文件）；它不会把真实作业的状态载入模拟。',
  hlpFlinkMetadataInspector:
    '一个能列出真实 _metadata 内容（算子、状态句柄、文件路径）的检查器正在开发中；在它加入本应用之前，请从“示例”中打开讲解同一机制的场景。',
  hlpDroppedOnPage: '拖到页面上的文件',
};
