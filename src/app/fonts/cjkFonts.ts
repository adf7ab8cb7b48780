/**
 * Chinese text in Noto Sans SC, shipped with the app (a machine may have no CJK font at all, and
 * then shows empty boxes). Weights 400 and 700 (600 text takes the 700 face). Each weight's CSS
 * declares about a hundred unicode-range subsets ordered by how common their characters are; a
 * browser downloads only the subsets of the characters a page shows. That CSS is ~30 KB gzipped
 * per weight, so it is its own chunk (loadFonts.ts): awaited before a Chinese first render,
 * loaded after the first render otherwise (the English page shows only its "中文" button in it).
 */
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
