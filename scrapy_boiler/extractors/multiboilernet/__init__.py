"""MultiBoilerNet, from Wu and Chang, 應用多任務序列標記模型於零樣本跨語言網頁模板移除之研究 ("Multi-task
sequence labelling for zero-shot cross-lingual boilerplate removal", National Central University).

Every DOM text leaf is a block, described by counts of the tags on its path
(:mod:`~scrapy_boiler.extractors.multiboilernet.tag_path`) and its text, as hashed character n-grams
(:mod:`~scrapy_boiler.extractors.multiboilernet.ngrams`) or, from a local folder, sentence vectors
(:mod:`~scrapy_boiler.extractors.multiboilernet.sentence_vectors`); a 2-layer Bi-LSTM labels the sequence and
regresses each block's depth as an auxiliary task (:mod:`~scrapy_boiler.extractors.multiboilernet.network`).
:mod:`~scrapy_boiler.extractors.multiboilernet.extractor` is the ``multiboilernet`` model; it needs torch.
"""
