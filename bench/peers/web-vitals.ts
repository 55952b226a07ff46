export { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
