"""The log format ``speedrules-log/1``: reading a document (JSON, YAML, JSON Lines archives)
into a ``Log`` of integer-coded deals, checking its head and the variant it names, and
writing logs.

>>> from speedrules.logs.log import log_from_text
>>> log_from_text('{"format": "speedrules-log/1", "variant": "speed", "deals": []}').variant.name
'speed'
"""
