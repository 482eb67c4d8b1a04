// Leptonica (libleptonica-dev), tesseract's own image library: pages are prepared with it before tesseract reads them.
#include <leptonica/allheaders.h>
