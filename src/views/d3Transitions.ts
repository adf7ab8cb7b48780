/**
 * d3-transition adds `.transition()` to selections as a side effect of being imported. The d3
 * bundle is marked side-effect free, so a named import from 'd3' alone lets the bundler drop
 * that patch; importing the module here keeps it. Import this file wherever a view animates.
 */
import 'd3-transition';
