export { importLibrary, setOptions } from '@googlemaps/js-api-loader';
