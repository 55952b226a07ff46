// lite-youtube-embed defines the <lite-youtube> element when it loads.
import 'lite-youtube-embed';
