"""A picture's bytes as an RGB array: PNG, JPEG or WebP through Pillow, nothing else.

Only those three decoders are let near the bytes (Pillow would try dozens), a picture
larger than ``MAX_PIXELS`` is refused before it is decoded, a phone photo is turned
upright by its EXIF orientation, and a transparent background becomes white, as a
viewer shows it.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from queens_sat.formats.image.types import ImageReadError

MAX_PIXELS = 40_000_000  # a 8K screen is 33 megapixels; more is a decompression bomb, not a screenshot
DECODERS = ("PNG", "JPEG", "WEBP")
ORIENTATION = 0x0112  # the EXIF tag that says how a photo is turned


def decode_image(data: bytes, source: str) -> Any:
    """The picture as a Pillow RGB image, or ``ImageReadError`` saying why not."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    if not data:
        raise ImageReadError("the picture is empty (0 bytes)", source=source)
    try:
        with Image.open(io.BytesIO(data), formats=DECODERS) as opened:
            width, height = opened.size
            if width * height > MAX_PIXELS:
                raise ImageReadError(
                    f"the picture is {width}x{height} pixels, over the limit of {MAX_PIXELS:,} pixels", source=source
                )
            if min(width, height) < 16:
                raise ImageReadError(f"the picture is {width}x{height} pixels, too small to hold a board", source=source)
            turned = opened.format == "JPEG" and opened.getexif().get(ORIENTATION, 1) != 1
            image = ImageOps.exif_transpose(opened) if turned else opened
            return _rgb_image(image)
    except UnidentifiedImageError:
        raise ImageReadError("not a PNG, JPEG or WebP picture", source=source) from None
    except Image.DecompressionBombError:
        raise ImageReadError(f"the picture is over the limit of {MAX_PIXELS:,} pixels", source=source) from None
    except (OSError, SyntaxError, ValueError, EOFError) as err:
        raise ImageReadError(f"the picture is damaged or cut short ({err})", source=source) from None


def _rgb_image(image: Any) -> Any:
    """The picture in RGB; transparent parts drawn over white (most screenshots saved with
    an alpha channel have none, and skip the compositing)."""
    from PIL import Image

    if image.mode == "RGB":
        image.load()
        return image
    if image.mode in ("I;16", "I;16B", "I;16L", "I", "F"):  # 16-bit or float grey: scaled to 8 bits
        grey = np.asarray(image, dtype=np.float64)
        peak = float(grey.max()) or 1.0
        grey8 = np.clip(np.round(grey * (255.0 / (255.0 if peak <= 255 else peak))), 0, 255).astype(np.uint8)
        return Image.fromarray(grey8).convert("RGB")
    has_alpha = image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (image.mode == "P" and "transparency" in image.info)
    if not has_alpha:
        return image.convert("RGB")
    rgba = image if image.mode == "RGBA" else image.convert("RGBA")
    if rgba.getchannel("A").getextrema()[0] == 255:
        return rgba.convert("RGB")
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, rgba).convert("RGB")
