/**
 * The UI's Latin typefaces, shipped with the app so that what a person sees does not depend on
 * the fonts a machine happens to have: Inter for text, JetBrains Mono for task names, paths and
 * code. Only the weights the CSS uses (400, 600, 700; mono 400 and 700, its 600 text takes the
 * 700 face). Each weight's CSS declares one face per unicode-range subset (latin, latin-ext,
 * cyrillic, greek, vietnamese); a browser downloads only the subsets of the characters a page
 * shows. Part of the entry CSS (src/main.tsx imports this module).
 */
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/jetbrains-mono/400.css';
import '@fontsource/jetbrains-mono/700.css';
