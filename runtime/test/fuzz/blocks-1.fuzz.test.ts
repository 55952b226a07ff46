// Block types 1 of every 4 (mount-property.ts says why they are shared out).
import { fuzzBlockMounts } from './mount-property';

fuzzBlockMounts(0);
