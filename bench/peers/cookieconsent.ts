import { run, acceptedCategory } from 'vanilla-cookieconsent';

export { acceptedCategory, run };
